import PlaceholderPage from '../../placeholder';

/** 竞争对手分析 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="竞争对手分析" />;
}
