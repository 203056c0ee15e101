import { Form, Input } from 'antd';
import { TEXT_MAX, charCount, textProblem } from '../quality-values';

/** 此项必填 when empty, 最多只能输入500个字符 when too long (001 §5); the server checks the same. */
const textRule = {
  validator: (_rule: unknown, value: string | undefined) => {
    const problem = textProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

interface RequiredTextItemProps {
  name: string;
  /** the field's label, also its accessible name and, after 请填写, its placeholder */
  label: string;
  minRows?: number;
}

/**
 * A required text of at most 500 characters with a live count: 原因分析 and 改进措施 of a quality row,
 * 原因分析 and 处理措施 of a warning.
 */
export function RequiredTextItem({ name, label, minRows = 3 }: RequiredTextItemProps) {
  return (
    <Form.Item name={name} label={label} required rules={[textRule]}>
      <Input.TextArea
        aria-label={label}
        autoSize={{ minRows, maxRows: 8 }}
        count={{ show: true, max: TEXT_MAX, strategy: charCount }}
        placeholder={`请填写${label}`}
      />
    </Form.Item>
  );
}
