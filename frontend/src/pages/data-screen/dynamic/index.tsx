import PlaceholderPage from '../../placeholder';

/** 动态大屏 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="动态大屏" />;
}
