// 质量报告 (issue 14): the report list, the report page, templates and covers. TODO(issue 14): the screens work fills this in.
export default function QualityReportPage() {
  return <div>质量报告</div>;
}
