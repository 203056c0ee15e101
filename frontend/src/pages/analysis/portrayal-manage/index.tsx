import PlaceholderPage from '../../placeholder';

/** 画像管理 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="画像管理" />;
}
