import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useSingleFlight } from './use-single-flight';

export interface DrawerSubmit {
  /** the form changed since it opened or was last saved (for FormDrawer's dirty) */
  dirty: boolean;
  /** the write is under way (for FormDrawer's saving) */
  saving: boolean;
  /** for FormDrawer's onSave */
  save(): void;
  /** for the Form's onValuesChange */
  touch(): void;
}

/**
 * The save of a form drawer: validate the form, then `write` its values with 保存 spinning. Invalid fields show
 * what is wrong (`onInvalid` may point at them); a refused write keeps the drawer open with the input, the request
 * layer having said why. A write that resolves leaves the form clean.
 */
export function useDrawerSubmit<V>(form: FormInstance<V>, write: (values: V) => Promise<void>, onInvalid?: () => void): DrawerSubmit {
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();

  const run = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      onInvalid?.();
      return;
    }
    setSaving(true);
    try {
      await write(values);
      setDirty(false);
    } catch {
      // shown by the request layer; the drawer keeps the input
    } finally {
      setSaving(false);
    }
  };

  return { dirty, saving, save: () => once(run), touch: () => setDirty(true) };
}
