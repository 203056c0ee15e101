import PlaceholderPage from '../../placeholder';

/** 学校数据 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="学校数据" />;
}
