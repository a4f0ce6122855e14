import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

// Consumer dispute letters as people mail them (a sender block, the date, the lender's address,
// 'To whom it may concern', the body, 'Sincerely,' and a name), drawn as real PDFs with pdf-lib:
// for the tests, the upload benchmark and the end-to-end specs. Not used by the running app.

export type DisputeLetterKind = 'identity_theft' | 'debt_validation' | 'goodwill' | 'other';

export type DisputeLetterSender = {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
};

export type DisputeLetterOptions = {
  kind: DisputeLetterKind;
  sender?: DisputeLetterSender;
  // As written on the letter, e.g. 'March 3, 2026'.
  date?: string;
  accountNumber?: string;
  // Where the sender's address is written: above the date (a business letter) or under the signature.
  addressAt?: 'top' | 'signature';
  // A two-page letter carries more of the story and the enclosures, and signs on page 2.
  pages?: 1 | 2;
};

export const SAMPLE_SENDER: DisputeLetterSender = {
  name: 'Jane Q Doe',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '(217) 555-0143',
};

const LENDER_ADDRESS = ['Customer Care Department', 'PO Box 2800', 'San Mateo, CA 94401'];

const BODIES: Record<DisputeLetterKind, { subject: string; paragraphs: string[]; more: string[] }> = {
  identity_theft: {
    subject: 'Dispute of an account opened in my name',
    paragraphs: [
      'I am writing to dispute the account listed above, which appears on my credit report. This is not my account. I am a victim of identity theft, and I did not open, use or authorize this account.',
      'Enclosed is a copy of my FTC Identity Theft Report and a copy of my driver license. Under section 605B of the Fair Credit Reporting Act, please block this information and stop reporting it to the credit bureaus.',
    ],
    more: [
      'In March I learned that someone had used my name and address to apply for credit with several lenders. I filed a police report with the Springfield Police Department, report number 26-004512, and I have placed a fraud alert with all three credit bureaus.',
      'Please send me copies of the application, any signature and any other document you hold for this account, and confirm in writing that you have closed it and told the credit bureaus to remove it.',
      'Enclosures: FTC Identity Theft Report; police report; copy of driver license; utility bill showing my address.',
    ],
  },
  debt_validation: {
    subject: 'Request for validation of a debt',
    paragraphs: [
      'I am writing in response to your notice about the account listed above. I dispute this debt and, under the Fair Debt Collection Practices Act, I request that you validate it.',
      'Please verify the debt by sending me the amount you say I owe, how you calculated it, the name of the original creditor and a copy of the agreement I signed.',
    ],
    more: [
      'Until you send this information, please stop all collection and report the account as disputed to any credit bureau you report it to.',
      'This letter is not a refusal to pay a debt I owe; it is a request for the information the law entitles me to before I can decide what to do.',
      'Please answer in writing, by mail, at the address below. Do not call me at work.',
    ],
  },
  goodwill: {
    subject: 'Goodwill adjustment request',
    paragraphs: [
      'I am writing to ask for a goodwill adjustment on the account listed above. I was late with one payment last year while I was in the hospital, and I have paid on time every month since then.',
      'I would be grateful if you would remove the late payment from my credit report as a gesture of goodwill. It is the only late payment on my report, and I am applying for a home loan this spring.',
    ],
    more: [
      'I have been a customer for three years and I value the help your team gave me when I first took out this loan.',
      'I have enclosed a copy of my hospital discharge papers from the week the payment was due.',
      'Thank you for taking the time to consider my request.',
    ],
  },
  other: {
    subject: 'Incorrect balance on my account',
    paragraphs: [
      'I am writing about the balance you report on the account listed above. My payment of $150.00, made on its due date, does not appear on my statement, and the balance reported to the credit bureaus is too high.',
      'Please correct the balance, apply the payment to the date I made it, and send me an updated statement.',
    ],
    more: [
      'The payment came from my checking account at First Springfield Bank; my bank statement, enclosed, shows it leaving my account.',
      'If you need anything else from me, please write to me at the address below.',
      'Enclosures: bank statement; last monthly statement.',
    ],
  },
};

const PAGE = { width: 612, height: 792, margin: 72 };
const SIZE = 11;
const LEADING = 15;

// Breaks a paragraph into lines that fit the page width.
function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, SIZE) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines;
}

type Pen = { page: PDFPage; y: number };

export async function drawDisputeLetter(options: DisputeLetterOptions): Promise<Uint8Array> {
  const sender = options.sender ?? SAMPLE_SENDER;
  const body = BODIES[options.kind];
  const addressAt = options.addressAt ?? 'top';
  const pdf = await PDFDocument.create();
  pdf.setTitle(body.subject);
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const pen: Pen = { page: pdf.addPage([PAGE.width, PAGE.height]), y: PAGE.height - PAGE.margin };

  const write = (text: string, face: PDFFont = font) => {
    pen.page.drawText(text, { x: PAGE.margin, y: pen.y, size: SIZE, font: face });
    pen.y -= LEADING;
  };
  const gap = () => {
    pen.y -= LEADING;
  };
  const newPage = () => {
    pen.page = pdf.addPage([PAGE.width, PAGE.height]);
    pen.y = PAGE.height - PAGE.margin;
  };
  const paragraph = (text: string) => {
    for (const line of wrap(text, font, PAGE.width - 2 * PAGE.margin)) write(line);
    gap();
  };
  const senderLines = [
    sender.name,
    sender.street,
    `${sender.city}, ${sender.state} ${sender.zip}`,
    ...(sender.phone ? [sender.phone] : []),
  ];

  if (addressAt === 'top') {
    senderLines.forEach((line, index) => write(line, index === 0 ? bold : font));
    gap();
  }
  write(options.date ?? 'March 3, 2026');
  gap();
  LENDER_ADDRESS.forEach((line) => write(line));
  gap();
  write(`Re: ${body.subject}, account number ${options.accountNumber ?? '4471-2093'}`, bold);
  gap();
  write('To whom it may concern:');
  gap();
  body.paragraphs.forEach(paragraph);
  if (options.pages === 2) {
    newPage();
    body.more.forEach(paragraph);
  }
  write('Sincerely,');
  gap();
  gap();
  if (addressAt === 'signature') senderLines.forEach((line) => write(line));
  else write(sender.name);
  return pdf.save();
}
