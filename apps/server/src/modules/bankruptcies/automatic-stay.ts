import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { customerBankruptcies, type Executor } from '@portal/db';

// The customer's case while the automatic stay is in force (11 U.S.C. 362(a), (c)(2)): filed, and
// neither discharged nor dismissed. A conversion or a confirmed chapter 13 plan leaves it in force.
// The contact gate refuses collection messages meanwhile (decision 046).
export async function findAutomaticStay(
  tx: Executor,
  customerId: number,
): Promise<{ caseNumber: string; chapter: number } | null> {
  const [row] = await tx
    .select({ caseNumber: customerBankruptcies.caseNumber, chapter: customerBankruptcies.chapter })
    .from(customerBankruptcies)
    .where(
      and(
        eq(customerBankruptcies.customerId, customerId),
        isNotNull(customerBankruptcies.filedOn),
        isNull(customerBankruptcies.dischargedOn),
        isNull(customerBankruptcies.dismissedOn),
      ),
    )
    .orderBy(desc(customerBankruptcies.filedOn))
    .limit(1);
  return row ?? null;
}
