import PlaceholderPage from '../placeholder';

/** 数据大屏 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="数据大屏" />;
}
