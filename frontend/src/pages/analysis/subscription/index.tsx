import PlaceholderPage from '../../placeholder';

/** 我的订阅 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="我的订阅" />;
}
