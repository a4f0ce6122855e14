// The identifications feature's query keys.
export const identificationKeys = {
  all: ['identifications'] as const,
  list: () => ['identifications', 'list'] as const,
};
