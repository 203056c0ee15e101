/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { App } from 'antd';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { VALIDATION_MESSAGES, type CellError, type FormField, type FormVersion } from '@zhengai/contracts';
import { FillTable, type EditableRow } from './fill-table';
import { emptyRows } from './fill-values';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const field = (key: string, label: string, component: FormField['component']): FormField => ({
  key,
  label,
  component,
  validations: { require: true, unique: false, custom: null },
  maxLength: null,
  constantTypeId: null,
  placeholder: null,
  width: null,
});
const version = (formType: FormVersion['formType'], fixedRows: string[] = []): FormVersion => ({
  formId: 'f1',
  version: 1,
  formType,
  fields: [field('xm', '姓名', 'text'), field('lxdh', '联系电话', 'phone')],
  fixedRows,
  publishedAt: '2026-01-01 00:00:00',
  publisherName: null,
});

let root: Root;
let host: HTMLDivElement;
let latest: EditableRow[] = [];

function Harness({ form, initial, errors }: { form: FormVersion; initial: EditableRow[]; errors?: CellError[] }) {
  const [rows, setRows] = useState(initial);
  return (
    <App>
      <FillTable
        form={form}
        rows={rows}
        options={{}}
        editable
        errors={errors}
        onChange={(next) => {
          latest = next;
          setRows(next);
        }}
      />
    </App>
  );
}

async function mount(node: React.ReactNode) {
  await act(async () => root.render(node));
}

/** Types into an input the way React hears it (the native setter, then an input event). */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const input = (label: string, n = 0) => host.querySelectorAll<HTMLInputElement>(`input[aria-label="${label}"]`)[n];
const text = () => host.textContent ?? '';

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  latest = [];
  // antd's table measures its layout
  window.matchMedia ??= jest.fn(() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('FillTable', () => {
  it('shows a fixed form with its 项目 labels and no row buttons', async () => {
    const form = version('fixed', ['专任教师', '兼职教师']);
    await mount(<Harness form={form} initial={emptyRows(form)} />);
    expect(text()).toContain('项目');
    expect(text()).toContain('专任教师');
    expect(text()).toContain('兼职教师');
    expect(text()).not.toContain('新增行');
    expect(host.querySelectorAll('input[aria-label="联系电话"]')).toHaveLength(2);
  });

  it('adds a row to a floating form and checks a cell as it is typed', async () => {
    await mount(<Harness form={version('floating')} initial={[]} />);
    const add = [...host.querySelectorAll('button')].find((b) => b.textContent?.includes('新增行'))!;
    await act(async () => add.click());
    expect(latest).toHaveLength(1);
    await type(input('联系电话'), '12345');
    expect(latest[0].values.lxdh).toBe('12345');
    expect(text()).toContain(VALIDATION_MESSAGES.phone);
    await type(input('联系电话'), '13800138000');
    expect(text()).not.toContain(VALIDATION_MESSAGES.phone);
  });

  it('shows the server refusal on its cell until the cell is edited', async () => {
    const rows: EditableRow[] = [{ key: 'r1', id: 'r1', label: null, values: { xm: '陈静', lxdh: '13800138000' } }];
    await mount(<Harness form={version('floating')} initial={rows} errors={[{ row: 1, field: 'lxdh', label: '联系电话', message: '该值已被填报，不能重复' }]} />);
    expect(text()).toContain('该值已被填报，不能重复');
    await type(input('联系电话'), '13800138001');
    expect(text()).not.toContain('该值已被填报，不能重复');
  });
});
