import { Result } from 'antd';

/** Being built (issue 15). */
export default function Page() {
  return <Result status="info" title="fill" />;
}
