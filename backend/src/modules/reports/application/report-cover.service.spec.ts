import { Readable } from 'node:stream';
import { COVER_IMAGE_MAX_BYTES, REPORT_MESSAGES, type CoverLayout } from '@zhengai/contracts';
import type { FileStorage } from '../../../infrastructure/storage/file-storage.port.js';
import type { Transaction, UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { ReportCoverService } from './report-cover.service.js';
import type { ReportDocumentService } from './report-document.service.js';
import type { ReportImages } from './ports/report-document.port.js';
import type { CoverRecord, ImageSniffer, ReportCoverRepository, ReportRepository } from './ports/report-repository.port.js';

const LAYOUT: CoverLayout = { titleTop: 30, titleSize: 36, titleColor: '#112233', align: 'center' };
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

function setup(codes: string[], sniffed: string | null) {
  const added: Array<{ values: unknown; isDefault: boolean }> = [];
  const stored: Buffer[] = [];
  const record = (id: string): CoverRecord => ({ id, name: 'n', layout: LAYOUT, imageUrl: '', previewUrl: '', isDefault: true, creatorName: '', createTime: '', imageKey: 'k', imageType: 'image/png' });
  const covers = {
    findDefault: async () => null,
    find: async (id: string) => record(id),
    add: async (_tx: Transaction, values: unknown, _creator: string | null, isDefault: boolean) => {
      added.push({ values, isDefault });
      return 'c1';
    },
  } as unknown as ReportCoverRepository;
  const reports = { standing: async (userId: string) => ({ userId, name: '王明', codes, departmentId: null }) } as unknown as ReportRepository;
  const documents = { store: async (bytes: Buffer) => (stored.push(bytes), 'ab/cd/key') } as unknown as ReportDocumentService;
  const sniffer = { mimeOf: async () => sniffed } as unknown as ImageSniffer;
  const storage = { open: () => Readable.from([PNG]) } as unknown as FileStorage;
  const uow = { run: <T>(work: (tx: Transaction) => Promise<T>) => work({} as Transaction) } as unknown as UnitOfWork;
  const service = new ReportCoverService(covers, reports, documents, {} as ReportImages, sniffer, storage, uow);
  return { service, added, stored };
}

const upload = (fileName: string, bytes = PNG, layout: unknown = JSON.stringify(LAYOUT)) => ({ file: { fileName, bytes }, name: '封面', layout });

describe('ReportCoverService.add', () => {
  it('stores a PNG and makes the first cover the default', async () => {
    const { service, added, stored } = setup(['yearTargetPublisher'], 'image/png');
    await expect(service.add('u', upload('封面.PNG'))).resolves.toMatchObject({ id: 'c1' });
    expect(stored).toEqual([PNG]);
    expect(added).toEqual([{ values: { name: '封面', layout: LAYOUT, imageKey: 'ab/cd/key', imageType: 'image/png' }, isDefault: true }]);
  });

  it('refuses another extension, a file too large and content that is not PNG or JPEG, storing nothing', async () => {
    const { service, stored, added } = setup(['admin'], 'image/gif');
    await expect(service.add('u', upload('封面.gif'))).rejects.toMatchObject({ message: REPORT_MESSAGES.coverImageType });
    await expect(service.add('u', upload('封面'))).rejects.toMatchObject({ message: REPORT_MESSAGES.coverImageType });
    await expect(service.add('u', upload('封面.png', Buffer.alloc(COVER_IMAGE_MAX_BYTES + 1)))).rejects.toMatchObject({ message: REPORT_MESSAGES.coverImageSize });
    await expect(service.add('u', upload('封面.png'))).rejects.toMatchObject({ message: REPORT_MESSAGES.coverImageType });
    expect(stored).toEqual([]);
    expect(added).toEqual([]);
  });

  it('refuses a bad layout and a person who does not manage covers', async () => {
    await expect(setup(['admin'], 'image/png').service.add('u', upload('a.png', PNG, '{"titleTop": 1}'))).rejects.toMatchObject({ message: '封面版式不正确' });
    await expect(setup(['expert'], 'image/png').service.add('u', upload('a.png'))).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
  });
});
