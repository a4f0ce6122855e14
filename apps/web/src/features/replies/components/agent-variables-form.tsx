import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import type { VariablePart } from '@portal/contracts';

// A variable the agent is asked for: the catalogue's agent variables and the macro's own {?label}.
export type AskedVariable = Extract<VariablePart, { kind: 'variable' | 'asked' }>;

// The fields (with the rules that check them) load when the form first opens.
const AgentVariablesFields = lazy(async () => ({
  default: (await import('./agent-variables-fields.tsx')).AgentVariablesFields,
}));

type AgentVariablesFormProps = {
  // The variables to ask for; the form is open while there are some.
  asked: readonly AskedVariable[];
  macroTitle: string | null;
  // The values as the customer reads them ($125.00, July 2, 2027), by the variable's key.
  onFill: (values: Record<string, string>) => void;
  onCancel: () => void;
};

// What a macro needs from the agent, asked when it is inserted (decision 061): one field per
// variable, checked and written for the customer by the contract's rule (agentValue); Insert puts
// the filled text in the reply, Cancel leaves the reply as it was.
export function AgentVariablesForm({ asked, macroTitle, onFill, onCancel }: AgentVariablesFormProps) {
  return (
    <Modal
      opened={asked.length > 0}
      onClose={onCancel}
      title={macroTitle ? `Fill in #${macroTitle}` : 'Fill in the macro'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // The reply box puts the focus back in the reply itself, after the text it inserted.
      returnFocus={false}
      size="md"
    >
      {asked.length > 0 && (
        <Suspense
          fallback={
            <Center p="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <AgentVariablesFields
            key={asked.map((part) => part.key).join('\n')}
            asked={asked}
            onFill={onFill}
            onCancel={onCancel}
          />
        </Suspense>
      )}
    </Modal>
  );
}
