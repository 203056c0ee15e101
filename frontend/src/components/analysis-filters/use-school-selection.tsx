import { useState } from 'react';
import { schoolOptions, schoolScreen } from '../../api/school-analysis';
import { useRequest } from '../../hooks/use-request';
import { SchoolSelectModal } from '../school-select';
import { picked, type PickedSchool } from '../school-select/selection';

/** The options, the person's current schools and the selection modal, as an analysis page needs them. */
export function useSchoolSelection() {
  const options = useRequest(() => schoolOptions(), 'options');
  const [schools, setSchools] = useState<PickedSchool[]>([]);
  const screen = useRequest(() => schoolScreen(), 'screen', { onSuccess: (s) => setSchools(s.schools.map(picked)) });
  const [open, setOpen] = useState(false);
  const modal = options.data ? (
    <SchoolSelectModal
      open={open}
      options={options.data}
      onClose={() => setOpen(false)}
      onSaved={(chosen) => {
        setOpen(false);
        setSchools(chosen);
      }}
    />
  ) : null;
  return { options: options.data, loading: options.loading || screen.loading, failed: options.failed, schools, setSchools, openModal: () => setOpen(true), modal };
}
