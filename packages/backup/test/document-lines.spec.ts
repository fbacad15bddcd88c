import {
  Binary,
  BSONRegExp,
  Code,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
  type Document,
} from 'mongodb';
import {
  documentLine,
  fromCanonical,
  lineDocument,
  toCanonical,
} from '../../service-kit/src/backup/document-lines';

describe('a document written to a backup file', () => {
  // Every BSON type a real MongoDB stores, FerretDB's unsupported ones (Decimal128, MinKey,
  // MaxKey, Code, NaN, infinities) included: an archive of a real MongoDB must keep them too.
  const document: Document = {
    _id: new ObjectId(),
    date: new Date('2026-11-25T19:04:05.123Z'),
    int32: new Int32(7),
    wholeDouble: new Double(7),
    double: new Double(0.1),
    negativeZero: new Double(-0),
    nan: new Double(NaN),
    infinity: new Double(-Infinity),
    int64: Long.fromString('9223372036854775807'),
    smallInt64: Long.fromNumber(7),
    decimal: Decimal128.fromString('1234567890.123456789012345678901234'),
    binary: new Binary(Buffer.from([0, 1, 2, 255]), Binary.SUBTYPE_DEFAULT),
    userBinary: new Binary(Buffer.from('opaque'), Binary.SUBTYPE_USER_DEFINED),
    uuid: new UUID('6d1c7b2e-0f9a-4c47-8a52-2f5b6b0c9d11'),
    timestamp: new Timestamp({ t: 1_764_097_445, i: 3 }),
    regex: new BSONRegExp('^mcat.*$', 'imsx'),
    code: new Code('function () { return 1; }'),
    min: new MinKey(),
    max: new MaxKey(),
    nothing: null,
    text: 'line one\nline two "quoted" \u00e9\u{1F600}',
    flag: false,
    nested: { list: [new Int32(1), 'two', { three: new Date(0) }], empty: {} },
  };

  it('comes back with every value and BSON type it had, on one line', () => {
    const line = documentLine(document);
    expect(line).not.toContain('\n');
    expect(documentLine(lineDocument(line))).toBe(line);
    const back = lineDocument(line);
    expect(back.int32).toBeInstanceOf(Int32);
    expect(back.wholeDouble).toBeInstanceOf(Double);
    expect(back.smallInt64).toBeInstanceOf(Long);
    expect(back.decimal).toBeInstanceOf(Decimal128);
    expect(back.date).toEqual(document.date);
  });

  it('keeps the types of an index description (a key direction stays an integer)', () => {
    const index = {
      key: { userId: new Int32(1), createdAt: new Int32(-1) },
      name: 'u',
      unique: true,
    };
    expect(documentLine(fromCanonical(toCanonical(index)))).toBe(documentLine(index));
  });

  it('refuses a line that is not one document', () => {
    expect(() => lineDocument('[1, 2]')).toThrow('not a document');
    expect(() => lineDocument('{"_id": ')).toThrow();
  });
});
