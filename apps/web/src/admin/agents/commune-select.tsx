import { findCommune, HAITI_COMMUNES, HAITI_DEPARTMENTS } from '@kreyolcash/domain';
import type { FieldControlProps } from '@/components/ui/field';
import { inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';

const BY_DEPARTMENT = HAITI_DEPARTMENTS.map((d) => ({
  ...d,
  communes: HAITI_COMMUNES.filter((c) => c.departamento === d.codigo),
}));

/** Haiti's communes grouped by department, by their official names; the value is the commune's code. */
export function CommuneSelect(
  p: Partial<FieldControlProps> & { value: string; empty: string; onChange: (code: string) => void },
) {
  const { value, empty, onChange, ...control } = p;
  return (
    <select
      {...control}
      className={cn(inputStyles, 'bg-white')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{empty}</option>
      {BY_DEPARTMENT.map((d) => (
        <optgroup key={d.codigo} label={d.nome}>
          {d.communes.map((c) => (
            <option key={c.codigo} value={c.codigo}>
              {c.nome}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

/** `petion-ville` → `Pétion-Ville (Ouest)`; an unknown code as stored. */
export function communeName(code: string): string {
  const commune = findCommune(code);
  const department = HAITI_DEPARTMENTS.find((d) => d.codigo === commune?.departamento);
  return commune ? `${commune.nome} (${department?.nome ?? commune.departamento})` : code;
}
