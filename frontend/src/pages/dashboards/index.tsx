import PlaceholderPage from '../placeholder';

/** 仪表盘自定义 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="仪表盘自定义" />;
}
