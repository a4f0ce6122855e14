// Surveys (spec 001 sections 2, 3, 7): customers' answers per survey path, question and user.
export const surveyCalls = {} as const;
