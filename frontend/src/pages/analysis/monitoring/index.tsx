import PlaceholderPage from '../../placeholder';

/** 运行监测 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="运行监测" />;
}
