import { Injectable } from '@nestjs/common';
import { ReportDocumentWriter, type ReportDocumentInput } from '../../application/ports/report-document.port.js';

/** TODO(issue 14): the document work writes it with docx. */
@Injectable()
export class DocxReportWriter extends ReportDocumentWriter {
  write(input: ReportDocumentInput): Promise<Buffer> {
    throw new Error(`not yet ${input.reportName}`);
  }
}
