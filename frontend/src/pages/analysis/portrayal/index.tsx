import PlaceholderPage from '../../placeholder';

/** 学校画像 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="学校画像" />;
}
