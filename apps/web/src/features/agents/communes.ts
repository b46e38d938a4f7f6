import { type Commune, type Department, HAITI_COMMUNES, HAITI_DEPARTMENTS } from '@kreyolcash/domain';

export type DepartmentCommunes = Department & { communes: Commune[] };

/** Haiti's communes under their departments, in the domain's order, for a picker's groups. */
export const COMMUNES_BY_DEPARTMENT: readonly DepartmentCommunes[] = HAITI_DEPARTMENTS.map((department) => ({
  ...department,
  communes: HAITI_COMMUNES.filter((commune) => commune.departamento === department.codigo),
}));
