import { automaticStayOf } from '@portal/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { customerBankruptcies, type Executor } from '@portal/db';

// The customer's case while the automatic stay is in force (11 U.S.C. 362(a), (c)(2)): the rule is
// contracts' automaticStayOf (filed, neither discharged nor dismissed; a conversion or a confirmed
// chapter 13 plan leaves it in force), which the duty audit asks of past days too. The contact gate
// refuses collection messages meanwhile (decision 046).
export async function findAutomaticStay(
  tx: Executor,
  customerId: number,
): Promise<{ caseNumber: string; chapter: number } | null> {
  const cases = await tx
    .select({
      caseNumber: customerBankruptcies.caseNumber,
      chapter: customerBankruptcies.chapter,
      filedOn: customerBankruptcies.filedOn,
      dischargedOn: customerBankruptcies.dischargedOn,
      dismissedOn: customerBankruptcies.dismissedOn,
    })
    .from(customerBankruptcies)
    .where(and(eq(customerBankruptcies.customerId, customerId), isNotNull(customerBankruptcies.filedOn)));
  return automaticStayOf(cases);
}
