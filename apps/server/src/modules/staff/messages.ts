import { SET_PASSWORD_LINK_HOURS } from '@portal/contracts';

// What staff administration answers, in one place.
export const STAFF_MESSAGES = {
  notFound: (id: number) => `Employee ${id} was not found.`,
  sessionNotFound: (id: number) => `Session ${id} was not found.`,
  emailTaken: (email: string, id: number) => `${email} already belongs to employee ${id}.`,
  unknownRoles: (names: readonly string[]) =>
    `${names.length === 1 ? 'There is no role' : 'There are no roles'} named ${names.join(', ')}.`,
  ownStaffAdmin: 'You cannot take away your own staff administration: another staff administrator has to do that.',
  deactivateSelf: 'You cannot deactivate yourself: another staff administrator has to do that.',
  alreadyInactive: (name: string) => `${name} is already deactivated.`,
  alreadyActive: (name: string) => `${name} is already active.`,
  notAwaitingPassword: (name: string) =>
    `${name} has already set a password with an invitation, or was never invited; a new invitation is only for someone who has not.`,
  linkInvalid: `This link does not work any more: it was used already, it expired (links work for ${SET_PASSWORD_LINK_HOURS} hours), or a newer one was sent. Ask a staff administrator for a new link.`,
  accountInactive: 'This account is deactivated. Ask a staff administrator.',
  tooManyLinkFailures: (minutes: number) =>
    `Too many set-password links that do not work came from this network address. Please wait ${minutes} minutes and try again.`,
  demoAccount: (email: string, stage: string) =>
    `${email} is a demo account: its password is published, so it stays deactivated outside dev (STAGE=${stage}; demo accounts work only with STAGE=dev). Invite the person with their own email instead.`,
  invitationQueued: (email: string) =>
    `The invitation to ${email} is in the outbox and is emailed in a moment. You can also copy the link and hand it over.`,
  invitationWaiting: (email: string) =>
    `The invitation to ${email} waits in the outbox (no email provider is configured): copy the link and hand it over.`,
  rolesSaved: (name: string) => `Roles of ${name} saved.`,
  deactivated: (name: string, sessions: number) =>
    `${name} is deactivated; ${sessions} ${sessions === 1 ? 'session' : 'sessions'} ended.`,
  reactivated: (name: string) => `${name} is active again.`,
  mfaReset: (name: string) =>
    `MFA of ${name} is reset and their sessions ended: at their next sign-in they set it up again with Enable MFA.`,
  sessionRevoked: 'Session ended.',
  passwordSet: 'Your password is set. Sign in with it.',
};

export const INVITATION_SUBJECT = 'Your Portal account';

export function invitationBody(name: string, link: string): string {
  return [
    `Hi ${name},`,
    '',
    'An account on the Portal has been made for you. Choose your password here:',
    '',
    link,
    '',
    `The link works once, for ${SET_PASSWORD_LINK_HOURS} hours. If you did not expect this email, ignore it.`,
  ].join('\n');
}
