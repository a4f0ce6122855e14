import {
  contactVerdict,
  type ContactFacts,
  type ContactRequest,
  type ContactSettings,
  type DutyAuditRule,
} from '@portal/contracts';

// A delivery replayed against the contact gate's own rule (contracts' contactVerdict, decision
// 046), with the facts as they stood when it was delivered: what the gate would have said then.
// The gate answers its first reason only; to list every duty a delivery broke, it is asked again
// with that duty's fact taken away, until it would send (or hold: the hours, the last duty asked).

export type DutyFinding = { rule: DutyAuditRule; sentence: string };

const withoutDuty: Record<string, (facts: ContactFacts) => ContactFacts> = {
  dnc: (facts) => ({ ...facts, dnc: false }),
  cease: (facts) => ({ ...facts, cease: false }),
  attorney: (facts) => ({ ...facts, attorney: false }),
  bankruptcy_stay: (facts) => ({ ...facts, bankruptcyStay: null }),
  collection_cap: (facts) => ({ ...facts, collectionTextsLast7Days: 0 }),
};

export function messageBreaches(
  facts: ContactFacts,
  request: ContactRequest,
  settings: ContactSettings,
): DutyFinding[] {
  const found: DutyFinding[] = [];
  let current = facts;
  for (let asked = 0; asked <= Object.keys(withoutDuty).length; asked += 1) {
    const verdict = contactVerdict(current, request, settings);
    if (verdict.verdict === 'send') break;
    if (verdict.verdict === 'hold') {
      found.push({
        rule: 'contact_hours',
        sentence: `Delivered outside the contact window where the customer may be (${current.zones.join(', ')}). At that moment the gate said: ${verdict.sentence}`,
      });
      break;
    }
    found.push({ rule: verdict.rule, sentence: `Delivered while: ${verdict.sentence}` });
    current = withoutDuty[verdict.rule]!(current);
  }
  return found;
}
