import { lazy, Suspense, type ComponentType } from 'react';
import { Input, Skeleton, type NumberInputProps } from '@mantine/core';

// Mantine's NumberInput brings react-number-format (about 10 kB gzipped). Where a number field is
// not needed for the screen to be usable (the loan card's settlement, shown on a loan that can be
// settled; the manual approval's dialog), it loads when the field first renders. Until then its
// label and an input-sized placeholder hold its place.
// NumberInput is generic over number | bigint; the Portal's fields hold numbers.
const LoadedNumberInput = lazy(async () => ({
  default: (await import('./number-input.ts')).NumberInput as ComponentType<NumberInputProps>,
}));

export function LazyNumberInput(props: NumberInputProps) {
  const { label, description, size = 'sm', w } = props;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={label} description={description} size={size} w={w}>
          <Skeleton h={`var(--input-height-${size})`} animate={false} />
        </Input.Wrapper>
      }
    >
      <LoadedNumberInput {...props} />
    </Suspense>
  );
}
