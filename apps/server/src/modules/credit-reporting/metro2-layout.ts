// The Metro 2 "character format" (426-byte, fixed-length) records the Portal sends to the credit bureaus: the Header
// record, the Base segment and the Trailer record, field by field.
//
// Source, not memory: github.com/moov-io/metro2 at commit fe80ca7d6999abbe3ee495abb586adc27891e1b9 (2026-08-18),
// pkg/lib/specifications.go (headerRecordCharacterFormat, baseSegmentCharacterFormat, trailerRecordCharacterFormat:
// 0-based start, length, type, required/applicable/nullable), with the field names of the json tags in
// pkg/lib/header_record.go, base_segment.go and trailer_record.go. The rows below were generated from that file, not
// typed; `start` is 1-based here (moov-io's + 1). The Block Descriptor Word is left out: moov-io omits it from
// fixed-length records (header_record.go: "not required when reporting fixed length, fixed block records").
//
// How moov-io writes a field (pkg/lib/converters.go, toString/fillString): alphanumeric left-justified and
// blank-filled; numeric right-justified and zero-filled; a date MMDDYYYY, or eight zeros when there is none; the
// timestamp MMDDYYYYHHMMSS, or fourteen zeros. A field its structs do not carry (the reserved ones) is blank-filled.

export const METRO2_RECORD_LENGTH = 426;
// Record descriptor word of every record in the 426 format: the record length, numeric (header_record.go).
export const RECORD_DESCRIPTOR_WORD = '0426';
export const HEADER_IDENTIFIER = 'HEADER';
export const TRAILER_IDENTIFIER = 'TRAILER';

// Metro 2 account type 01 = Unsecured. moov-io lists '01' among the valid account types (pkg/lib/constants.go
// AccountType01, checked by BaseSegment.ValidateAccountType) but not what it means; the meaning is from the CFPB's
// github.com/cfpb/Metro2, front-end/src/constants/annotationLookups.ts (ACCOUNT_TYPE_LOOKUP '01': 'Unsecured') at
// commit 17a6afd498b51bf2d4a3dec7a99ff0fc8ea96015.
export const UNSECURED_ACCOUNT_TYPE = '01';

export type Metro2FieldType = 'alphanumeric' | 'numeric' | 'date' | 'timestamp';
// moov-io's required ("Y"), applicable ("A") and nullable ("") marks.
export type Metro2FieldUsage = 'required' | 'applicable' | 'nullable';

export type Metro2Field = {
  readonly name: string;
  // 1-based position of the field's first character.
  readonly start: number;
  readonly length: number;
  readonly type: Metro2FieldType;
  readonly usage: Metro2FieldUsage;
};

export const HEADER_RECORD_LAYOUT = [
  { name: 'recordDescriptorWord', start: 1, length: 4, type: 'numeric', usage: 'required' },
  { name: 'recordIdentifier', start: 5, length: 6, type: 'alphanumeric', usage: 'required' },
  { name: 'cycleIdentifier', start: 11, length: 2, type: 'alphanumeric', usage: 'applicable' },
  { name: 'innovisProgramIdentifier', start: 13, length: 10, type: 'alphanumeric', usage: 'applicable' },
  { name: 'equifaxProgramIdentifier', start: 23, length: 10, type: 'alphanumeric', usage: 'applicable' },
  { name: 'experianProgramIdentifier', start: 33, length: 5, type: 'alphanumeric', usage: 'applicable' },
  { name: 'transUnionProgramIdentifier', start: 38, length: 10, type: 'alphanumeric', usage: 'applicable' },
  { name: 'activityDate', start: 48, length: 8, type: 'date', usage: 'required' },
  { name: 'dateCreated', start: 56, length: 8, type: 'date', usage: 'required' },
  { name: 'programDate', start: 64, length: 8, type: 'date', usage: 'nullable' },
  { name: 'programRevisionDate', start: 72, length: 8, type: 'date', usage: 'nullable' },
  { name: 'reporterName', start: 80, length: 40, type: 'alphanumeric', usage: 'required' },
  { name: 'reporterAddress', start: 120, length: 96, type: 'alphanumeric', usage: 'required' },
  { name: 'reporterTelephoneNumber', start: 216, length: 10, type: 'numeric', usage: 'nullable' },
  { name: 'softwareVendorName', start: 226, length: 40, type: 'alphanumeric', usage: 'applicable' },
  { name: 'softwareVersionNumber', start: 266, length: 5, type: 'alphanumeric', usage: 'applicable' },
  { name: 'prbcProgramIdentifier', start: 271, length: 10, type: 'alphanumeric', usage: 'applicable' },
  { name: 'reserved', start: 281, length: 146, type: 'alphanumeric', usage: 'nullable' },
] as const satisfies readonly Metro2Field[];

export const BASE_SEGMENT_LAYOUT = [
  { name: 'recordDescriptorWord', start: 1, length: 4, type: 'numeric', usage: 'required' },
  { name: 'processingIndicator', start: 5, length: 1, type: 'numeric', usage: 'nullable' },
  { name: 'timeStamp', start: 6, length: 14, type: 'timestamp', usage: 'nullable' },
  { name: 'correctionIndicator', start: 20, length: 1, type: 'numeric', usage: 'nullable' }, // zero-filled: 0 = original
  { name: 'identificationNumber', start: 21, length: 20, type: 'alphanumeric', usage: 'required' },
  { name: 'cycleIdentifier', start: 41, length: 2, type: 'alphanumeric', usage: 'applicable' },
  { name: 'consumerAccountNumber', start: 43, length: 30, type: 'alphanumeric', usage: 'required' },
  { name: 'portfolioType', start: 73, length: 1, type: 'alphanumeric', usage: 'required' },
  { name: 'accountType', start: 74, length: 2, type: 'alphanumeric', usage: 'required' },
  { name: 'dateOpened', start: 76, length: 8, type: 'date', usage: 'required' },
  { name: 'creditLimit', start: 84, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'highestCredit', start: 93, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'termsDuration', start: 102, length: 3, type: 'alphanumeric', usage: 'required' },
  { name: 'termsFrequency', start: 105, length: 1, type: 'alphanumeric', usage: 'applicable' },
  { name: 'scheduledMonthlyPaymentAmount', start: 106, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'actualPaymentAmount', start: 115, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'accountStatus', start: 124, length: 2, type: 'alphanumeric', usage: 'required' },
  { name: 'paymentRating', start: 126, length: 1, type: 'alphanumeric', usage: 'applicable' },
  { name: 'paymentHistoryProfile', start: 127, length: 24, type: 'alphanumeric', usage: 'required' },
  { name: 'specialComment', start: 151, length: 2, type: 'alphanumeric', usage: 'applicable' },
  { name: 'complianceConditionCode', start: 153, length: 2, type: 'alphanumeric', usage: 'applicable' },
  { name: 'currentBalance', start: 155, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'amountPastDue', start: 164, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'originalChargeOffAmount', start: 173, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'dateAccountInformation', start: 182, length: 8, type: 'date', usage: 'required' },
  { name: 'dateFirstDelinquency', start: 190, length: 8, type: 'date', usage: 'applicable' },
  { name: 'dateClosed', start: 198, length: 8, type: 'date', usage: 'applicable' },
  { name: 'dateLastPayment', start: 206, length: 8, type: 'date', usage: 'applicable' },
  { name: 'interestTypeIndicator', start: 214, length: 1, type: 'alphanumeric', usage: 'nullable' },
  { name: 'reserved2', start: 215, length: 17, type: 'alphanumeric', usage: 'nullable' },
  { name: 'surname', start: 232, length: 25, type: 'alphanumeric', usage: 'required' },
  { name: 'firstName', start: 257, length: 20, type: 'alphanumeric', usage: 'required' },
  { name: 'middleName', start: 277, length: 20, type: 'alphanumeric', usage: 'applicable' },
  { name: 'generationCode', start: 297, length: 1, type: 'alphanumeric', usage: 'applicable' },
  { name: 'socialSecurityNumber', start: 298, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'dateBirth', start: 307, length: 8, type: 'date', usage: 'nullable' },
  { name: 'telephoneNumber', start: 315, length: 10, type: 'numeric', usage: 'nullable' },
  { name: 'ecoaCode', start: 325, length: 1, type: 'alphanumeric', usage: 'required' },
  { name: 'consumerInformationIndicator', start: 326, length: 2, type: 'alphanumeric', usage: 'applicable' },
  { name: 'countryCode', start: 328, length: 2, type: 'alphanumeric', usage: 'nullable' },
  { name: 'firstLineAddress', start: 330, length: 32, type: 'alphanumeric', usage: 'required' },
  { name: 'secondLineAddress', start: 362, length: 32, type: 'alphanumeric', usage: 'applicable' },
  { name: 'city', start: 394, length: 20, type: 'alphanumeric', usage: 'required' },
  { name: 'state', start: 414, length: 2, type: 'alphanumeric', usage: 'required' },
  { name: 'zipCode', start: 416, length: 9, type: 'alphanumeric', usage: 'required' },
  { name: 'addressIndicator', start: 425, length: 1, type: 'alphanumeric', usage: 'nullable' },
  { name: 'residenceCode', start: 426, length: 1, type: 'alphanumeric', usage: 'nullable' },
] as const satisfies readonly Metro2Field[];

export const TRAILER_RECORD_LAYOUT = [
  { name: 'recordDescriptorWord', start: 1, length: 4, type: 'numeric', usage: 'required' },
  { name: 'recordIdentifier', start: 5, length: 7, type: 'alphanumeric', usage: 'required' },
  { name: 'totalBaseRecords', start: 12, length: 9, type: 'numeric', usage: 'required' },
  { name: 'reserved1', start: 21, length: 9, type: 'alphanumeric', usage: 'nullable' },
  { name: 'totalStatusCodeDF', start: 30, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalConsumerSegmentsJ1', start: 39, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'totalConsumerSegmentsJ2', start: 48, length: 9, type: 'numeric', usage: 'applicable' },
  { name: 'blockCount', start: 57, length: 9, type: 'numeric', usage: 'required' },
  { name: 'totalStatusCodeDA', start: 66, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode05', start: 75, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode11', start: 84, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode13', start: 93, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode61', start: 102, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode62', start: 111, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode63', start: 120, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode64', start: 129, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode65', start: 138, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode71', start: 147, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode78', start: 156, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode80', start: 165, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode82', start: 174, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode83', start: 183, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode84', start: 192, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode88', start: 201, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode89', start: 210, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode93', start: 219, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode94', start: 228, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode95', start: 237, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode96', start: 246, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalStatusCode97', start: 255, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalECOACodeZ', start: 264, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalEmploymentSegments', start: 273, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalOriginalCreditorSegments', start: 282, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalPurchasedToSegments', start: 291, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalMortgageInformationSegments', start: 300, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalPaymentInformationSegments', start: 309, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalChangeSegments', start: 318, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalSocialNumbersAllSegments', start: 327, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalSocialNumbersBaseSegments', start: 336, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalSocialNumbersJ1Segments', start: 345, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalSocialNumbersJ2Segments', start: 354, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalDatesBirthAllSegments', start: 363, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalDatesBirthBaseSegments', start: 372, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalDatesBirthJ1Segments', start: 381, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalDatesBirthJ2Segments', start: 390, length: 9, type: 'numeric', usage: 'nullable' },
  { name: 'totalTelephoneNumbersAllSegments', start: 399, length: 9, type: 'numeric', usage: 'nullable' },
  // moov-io's table says numeric, but TrailerRecord has no such field, so it writes blanks (fillString without
  // zeroFill) and its sample test/testdata/trailer_record.dat ends in 19 blanks: blank-filled here.
  { name: 'reserved2', start: 408, length: 19, type: 'alphanumeric', usage: 'nullable' },
] as const satisfies readonly Metro2Field[];

export type HeaderFieldName = (typeof HEADER_RECORD_LAYOUT)[number]['name'];
export type BaseFieldName = (typeof BASE_SEGMENT_LAYOUT)[number]['name'];
export type TrailerFieldName = (typeof TRAILER_RECORD_LAYOUT)[number]['name'];

// The account statuses the trailer counts, one field each (totalStatusCodeDF, totalStatusCode11, ...).
export const TRAILER_STATUS_CODES: readonly string[] = TRAILER_RECORD_LAYOUT.flatMap((field) => {
  const code = /^totalStatusCode(\w{2})$/.exec(field.name)?.[1];
  return code ? [code] : [];
});

// The account statuses that must carry a payment rating (moov-io BaseSegment.ValidatePaymentRating): the account
// has ended (paid, closed, transferred, surrendered), so the rating says how it stood before.
export const STATUSES_NEEDING_PAYMENT_RATING: readonly string[] = ['05', '13', '65', '88', '89', '94', '95'];

// Social Security numbers filled with zeros or nines are not counted in the trailer (trailer_record.go, and
// isValidSocialSecurityNumber in pkg/file/file_instance.go).
export const UNCOUNTED_SSNS: readonly string[] = ['000000000', '999999999'];
