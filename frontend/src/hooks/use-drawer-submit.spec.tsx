/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { FormInstance } from 'antd';
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useDrawerSubmit, type DrawerSubmit } from './use-drawer-submit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Values {
  name: string;
}

let root: Root;
let submit: DrawerSubmit;

function record(seen: DrawerSubmit) {
  submit = seen;
}

function Probe({ form, write, onInvalid }: { form: FormInstance<Values>; write: (values: Values) => Promise<void>; onInvalid?: () => void }) {
  const seen = useDrawerSubmit(form, write, onInvalid);
  useEffect(() => record(seen));
  return null;
}

const formWith = (validateFields: () => Promise<Values>) => ({ validateFields }) as unknown as FormInstance<Values>;

async function mount(props: Parameters<typeof Probe>[0]) {
  await act(async () => root.render(<Probe {...props} />));
}

/** save() and everything it starts */
async function save() {
  await act(async () => {
    submit.save();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  root = createRoot(document.createElement('div'));
});

afterEach(async () => {
  await act(async () => root.unmount());
});

describe('useDrawerSubmit', () => {
  it('writes the validated values and leaves the form clean', async () => {
    const write = jest.fn(async (_values: Values) => undefined);
    await mount({ form: formWith(() => Promise.resolve({ name: '教务处' })), write });
    await act(async () => submit.touch());
    expect(submit.dirty).toBe(true);

    await save();
    expect(write).toHaveBeenCalledWith({ name: '教务处' });
    expect(submit).toMatchObject({ dirty: false, saving: false });
  });

  it('does not write invalid values and tells onInvalid', async () => {
    const write = jest.fn(async (_values: Values) => undefined);
    const onInvalid = jest.fn();
    await mount({ form: formWith(() => Promise.reject(new Error('invalid'))), write, onInvalid });
    await act(async () => submit.touch());

    await save();
    expect(write).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(submit.dirty).toBe(true);
  });

  it('keeps the changes when the write is refused', async () => {
    await mount({ form: formWith(() => Promise.resolve({ name: 'x' })), write: () => Promise.reject(new Error('refused')) });
    await act(async () => submit.touch());

    await save();
    expect(submit).toMatchObject({ dirty: true, saving: false });
  });

  it('is saving while the write is under way', async () => {
    let finish!: () => void;
    const write = () => new Promise<void>((resolve) => (finish = resolve));
    await mount({ form: formWith(() => Promise.resolve({ name: 'x' })), write });

    await save();
    expect(submit.saving).toBe(true);
    await act(async () => finish());
    expect(submit.saving).toBe(false);
  });

  it('writes once when 保存 is clicked twice before the first click has validated, and again after it is done', async () => {
    const pending: Array<() => void> = [];
    const validated = () => pending.splice(0).forEach((resolve) => resolve());
    const write = jest.fn(async (_values: Values) => undefined);
    const validateFields = () => new Promise<Values>((resolve) => pending.push(() => resolve({ name: '教务处' })));
    await mount({ form: formWith(validateFields), write });

    await act(async () => {
      submit.save();
      submit.save();
    });
    await act(async () => {
      validated();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(write).toHaveBeenCalledTimes(1);

    await act(async () => {
      submit.save();
    });
    await act(async () => {
      validated();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(write).toHaveBeenCalledTimes(2);
  });
});
