import { liveTopicPermission, parseLiveTopic, type LiveWatchRequest, type LiveWatchResponse } from '@portal/contracts';
import { hasPermission, type Actor } from '../../platform/actor.ts';

// Which of the topics a tab asks for it may have: a record or queue of a desk the employee is on,
// records only among the open ones, and each topic once. The others are answered back as refused.
export function allowedTopics(actor: Actor, request: Pick<LiveWatchRequest, 'open' | 'follow'>): LiveWatchResponse {
  const refused = new Set<string>();
  const allowed = (topic: string, openOnly: boolean) => {
    const parsed = parseLiveTopic(topic);
    const permission = parsed ? liveTopicPermission(parsed) : null;
    const ok =
      parsed !== null &&
      (!openOnly || parsed.type === 'record') &&
      (permission === null || hasPermission(actor, permission));
    if (!ok) refused.add(topic);
    return ok;
  };
  const open = [...new Set(request.open)].filter((topic) => allowed(topic, true));
  const follow = [...new Set(request.follow)].filter((topic) => allowed(topic, false) && !open.includes(topic));
  return { open, follow, refused: [...refused] };
}
