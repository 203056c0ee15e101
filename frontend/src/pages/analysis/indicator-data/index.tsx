import PlaceholderPage from '../../placeholder';

/** 指标数据 (issue 16) — being built. */
export default function Page() {
  return <PlaceholderPage title="指标数据" />;
}
