// Mantine's NumberInput (with react-number-format), loaded on demand by lazy-number-input.tsx.
export { NumberInput } from '@mantine/core';
