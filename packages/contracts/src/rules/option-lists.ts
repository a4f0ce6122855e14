// The fixed option lists of the forms ({ value, label } or { code, meaning }), read alike.

// The options' values under `key`, in order, as the non-empty tuple z.enum takes.
export function optionValues<Option, Key extends keyof Option>(
  options: readonly Option[],
  key: Key,
): [Option[Key], ...Option[Key][]] {
  return options.map((option) => option[key]) as [Option[Key], ...Option[Key][]];
}

// The label of a value, or `fallback` for a value not on the list (or none).
export function optionLabel(
  options: readonly { value: string; label: string }[],
  value: string | null | undefined,
  fallback: string,
): string {
  return options.find((option) => option.value === value)?.label ?? fallback;
}
