import { expect, it } from 'vitest';
import { attachmentFilename } from './attachment-filename';

it('reads the quoted or bare file name of an attachment', () => {
  expect(attachmentFilename('attachment; filename="conversations-7d-2026-11-25.csv"')).toBe(
    'conversations-7d-2026-11-25.csv',
  );
  expect(attachmentFilename('attachment; filename=report.csv; size=10')).toBe('report.csv');
  expect(attachmentFilename('attachment;FILENAME = "a b.csv"')).toBe('a b.csv');
});

it('keeps only the last path segment and answers undefined when no name is given', () => {
  expect(attachmentFilename('attachment; filename="../../etc/passwd"')).toBe('passwd');
  expect(attachmentFilename('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
  expect(attachmentFilename('attachment')).toBeUndefined();
  expect(attachmentFilename('attachment; filename=""')).toBeUndefined();
  expect(attachmentFilename(null)).toBeUndefined();
});
