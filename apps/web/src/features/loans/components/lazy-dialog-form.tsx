import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

// A dialog's form that loads when the dialog first opens (with the calendar or number fields it
// needs, not with the screen): a small loader holds its place until it arrives.
export function LazyDialogForm({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
