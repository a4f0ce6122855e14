// Word lists the generator draws plausible people and places from. All contact details built from
// them are fake: emails use the reserved example.* domains, phone numbers the 555 exchange.

export const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
  'Jason', 'Rebecca', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia', 'Jacob', 'Kathleen', 'Gary', 'Amy',
  'Luis', 'Maria', 'Carlos', 'Guadalupe', 'Jose', 'Rosa', 'Juan', 'Ana', 'Miguel', 'Sofia',
  'DeShawn', 'Aaliyah', 'Malik', 'Imani', 'Tyrone', 'Keisha', 'Andre', 'Jasmine', 'Minh', 'Mai',
  'Wei', 'Li', 'Raj', 'Priya', 'Omar', 'Fatima', 'Dmitri', 'Olga', 'Tomas', 'Elena',
] as const;

export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  "O'Brien", 'Tran', 'Patel', 'Washington', 'Chen', 'Singh', 'Okafor', 'Novak', 'Castillo', 'Vasquez',
] as const;

// City, state, the first three digits of its ZIP codes, and the phone area code.
export const places: ReadonlyArray<readonly [city: string, state: string, zipPrefix: string, areaCode: string]> = [
  ['Los Angeles', 'CA', '900', '213'],
  ['San Diego', 'CA', '921', '619'],
  ['Fresno', 'CA', '937', '559'],
  ['Sacramento', 'CA', '958', '916'],
  ['Houston', 'TX', '770', '713'],
  ['San Antonio', 'TX', '782', '210'],
  ['Dallas', 'TX', '752', '214'],
  ['El Paso', 'TX', '799', '915'],
  ['Phoenix', 'AZ', '850', '602'],
  ['Tucson', 'AZ', '857', '520'],
  ['Albuquerque', 'NM', '871', '505'],
  ['Las Vegas', 'NV', '891', '702'],
  ['Salt Lake City', 'UT', '841', '801'],
  ['Denver', 'CO', '802', '303'],
  ['Kansas City', 'MO', '641', '816'],
  ['St. Louis', 'MO', '631', '314'],
  ['Chicago', 'IL', '606', '312'],
  ['Milwaukee', 'WI', '532', '414'],
  ['Detroit', 'MI', '482', '313'],
  ['Columbus', 'OH', '432', '614'],
  ['Cleveland', 'OH', '441', '216'],
  ['Indianapolis', 'IN', '462', '317'],
  ['Louisville', 'KY', '402', '502'],
  ['Nashville', 'TN', '372', '615'],
  ['Memphis', 'TN', '381', '901'],
  ['Atlanta', 'GA', '303', '404'],
  ['Birmingham', 'AL', '352', '205'],
  ['Jackson', 'MS', '392', '601'],
  ['New Orleans', 'LA', '701', '504'],
  ['Jacksonville', 'FL', '322', '904'],
  ['Tampa', 'FL', '336', '813'],
  ['Orlando', 'FL', '328', '407'],
  ['Charlotte', 'NC', '282', '704'],
  ['Columbia', 'SC', '292', '803'],
  ['Richmond', 'VA', '232', '804'],
  ['Baltimore', 'MD', '212', '410'],
  ['Philadelphia', 'PA', '191', '215'],
  ['Newark', 'NJ', '071', '973'],
  ['Oklahoma City', 'OK', '731', '405'],
  ['Boise', 'ID', '837', '208'],
  ['Spokane', 'WA', '992', '509'],
  ['Portland', 'OR', '972', '503'],
  ['Omaha', 'NE', '681', '402'],
  ['Wichita', 'KS', '672', '316'],
] as const;

export const streetNames = [
  'Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park',
  'Walnut', 'Sunset', 'Lincoln', 'Jackson', 'Church', 'Highland', 'Willow', 'Mill', 'River', 'Spring',
  'Cherry', 'Franklin', 'Jefferson', 'Madison', 'Meadow', 'Forest', 'Valley', 'Ridge', 'Vista', 'Mesa',
] as const;

export const streetSuffixes = ['St', 'Ave', 'Blvd', 'Dr', 'Ln', 'Rd', 'Ct', 'Way', 'Pl'] as const;

export const emailDomains = ['example.com', 'example.net', 'example.org', 'mail.example.com'] as const;
