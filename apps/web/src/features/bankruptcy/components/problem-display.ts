import type { NoticeField, NoticeProblem } from '@portal/contracts';

// How a field's problems show (spec 001 section 5): a warning while editing, an error once Process
// was pressed. The warning is the field's description placed under the input, so it is read with
// the field without marking it invalid.
export type ProblemMode = 'warning' | 'error';

export const WARNING_COLOR = 'var(--mantine-color-orange-8)';

export function problemText(problems: readonly NoticeProblem[], field: NoticeField): string | null {
  const messages = problems.filter((problem) => problem.field === field).map((problem) => problem.message);
  return messages.length > 0 ? messages.join(' ') : null;
}

export function problemProps(problems: readonly NoticeProblem[], field: NoticeField, mode: ProblemMode) {
  const text = problemText(problems, field);
  if (text === null) return {};
  if (mode === 'error') return { error: text };
  return {
    description: text,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    styles: { description: { color: WARNING_COLOR } },
  };
}
