import { Injectable } from '@nestjs/common';
import type { CoverLayout } from '@zhengai/contracts';
import { ReportImages } from '../../application/ports/report-document.port.js';

/** TODO(issue 14): the document work renders them (ECharts SSR, resvg). */
@Injectable()
export class ResvgReportImages extends ReportImages {
  cover(background: Buffer, layout: CoverLayout, title: { reportName: string }): Promise<Buffer> {
    throw new Error(`not yet ${background.length} ${layout.align} ${title.reportName}`);
  }
  stamp(kind: 'expert' | 'school', organisation: string, label: string): Promise<Buffer> {
    throw new Error(`not yet ${kind} ${organisation} ${label}`);
  }
  defaultCoverBackground(): Promise<Buffer> {
    throw new Error('not yet');
  }
}
