import { MentionsInbox } from '../../features/notes/components/mentions-inbox.tsx';

// /mentions (issue 40): the notes in which colleagues @mentioned me, from the navbar's Mentions.
export function MentionsRoute() {
  return <MentionsInbox />;
}
