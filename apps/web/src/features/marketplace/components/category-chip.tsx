export function CategoryChip({ label }: { label: string }) {
  return (
    <span className="inline-flex max-w-full truncate rounded-full bg-primary-50 px-2.5 py-0.5 text-sm font-medium text-primary-700">
      {label}
    </span>
  );
}
