import type { Executor } from '@portal/db';

// When an employee goes offline or signs out of their last session, every work queue hands their
// items back at once, not when the leases run out. The session module calls this registry; each
// queue's module registers with it (buildApp makes one per app), so the session module knows no
// domain module.

export type QueueRelease = {
  // The queue's name; registering a name again replaces the earlier registration.
  name: string;
  releaseAll: (tx: Executor, employeeId: number) => Promise<number>;
};

export type EmployeeOfflineRegistry = {
  register: (queue: QueueRelease) => void;
  // Runs in the caller's transaction, after the employee row is set offline: the queues lock that
  // row before leasing, so no lease slips in after the release. Answers how many items went back.
  releaseEmployeeWork: (tx: Executor, employeeId: number) => Promise<number>;
};

export function createEmployeeOfflineRegistry(): EmployeeOfflineRegistry {
  const queues = new Map<string, QueueRelease>();
  return {
    register: (queue) => {
      queues.set(queue.name, queue);
    },
    releaseEmployeeWork: async (tx, employeeId) => {
      let released = 0;
      // One after the other: a transaction runs one statement at a time anyway.
      for (const queue of queues.values()) released += await queue.releaseAll(tx, employeeId);
      return released;
    },
  };
}
