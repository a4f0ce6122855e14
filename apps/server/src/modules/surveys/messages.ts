// The surveys' refusals, in words a staff member can act on.
export const SURVEY_MESSAGES = {
  unknownSurvey: (path: string) => `There is no survey at the path '${path}'. Pick one from the list of surveys.`,
  unknownCustomer: (id: number) => `No customer has ID ${id}.`,
  notAnswered: (id: number, name: string) => `Customer ${id} has not answered the survey '${name}'.`,
} as const;
