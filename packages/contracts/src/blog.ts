// The blog editor's calls (spec 001 sections 3, 5, 7).
export const blogCalls = {} as const;
