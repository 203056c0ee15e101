import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';

/** 查询 (submits the search form) and 重置 (the caller clears the form and searches again), as one form item. */
export function SearchButtons({ onReset }: { onReset(): void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          重置
        </Button>
      </Space>
    </Form.Item>
  );
}
