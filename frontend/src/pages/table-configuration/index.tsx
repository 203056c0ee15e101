import { Result } from 'antd';
import { useParams } from 'react-router-dom';

/** /tableConfiguration/:id, outside the shell; a placeholder until the data-collection forms arrive. */
export default function TableConfigurationPage() {
  const { id } = useParams();
  return <Result status="info" title="表格配置" subTitle={`表格 ${id ?? ''} 的配置页面正在建设中。`} />;
}
