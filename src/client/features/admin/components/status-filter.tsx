import { NativeSelect } from '../../../components/ui/input.tsx';
import type { StatusFilter } from '../api/get-reports.ts';

export function StatusFilterSelect({ value, onChange, label }: { value: StatusFilter; onChange: (value: StatusFilter) => void; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      <span>{label}</span>
      <NativeSelect className="h-9 w-36" value={value} onChange={(e) => onChange(e.target.value as StatusFilter)}>
        <option value="all">All</option>
        <option value="pending">Pending</option>
        <option value="approved">Approved</option>
        <option value="rejected">Rejected</option>
      </NativeSelect>
    </label>
  );
}
