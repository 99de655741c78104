import { describe, expect, it } from 'vitest';
import { RecordStore } from '../../kernel/records';
import { createDrawioModel } from './index';
import type { DrawioRecord } from '../../../shared/drawio/model';
import {
  guessType,
  labelWords,
  oneOf,
  parseBoolean,
  parseColor,
  parseFlow,
  parseNumberInRange,
  parsePoint,
  parsePort,
  parsePositiveInt,
  parseSize,
  parseTheme,
  parseType,
} from './values';
import { DrawioView } from './view';

const view = new DrawioView(new RecordStore<DrawioRecord>(createDrawioModel('T', {})));

describe('guessType', () => {
  it.each([
    ['UserDB', 'db'],
    ['SessionCache', 'db'],
    ['MongoDB', 'db'],
    ['AdminUser', 'actor'],
    ['event-bus', 'queue'],
    ['KafkaTopics', 'queue'],
    ['CDN', 'cloud'],
    ['MonthlyReports', 'doc'],
    ['Approved?', 'decision'],
    ['UserIsAdmin?', 'decision'],
    ['CheckoutService', 'svc'],
    ['Catalog', 'svc'],
  ])('%s -> %s', (label, type) => {
    expect(guessType(label)).toBe(type);
  });

  it('splits labels into words on case changes and punctuation', () => {
    expect(labelWords('HTTPServer-user_store v2')).toEqual(['http', 'server', 'user', 'store', 'v2']);
  });
});

describe('value parsing', () => {
  it('parses points and sizes, rounding, and refuses the rest', () => {
    expect(parsePoint('at', '12.4,-7.6')).toEqual({ x: 12, y: -8 });
    expect(() => parsePoint('at', '1e9,0')).toThrow();
    expect(() => parsePoint('at', '5,5,5')).toThrow(/expected X,Y/);
    expect(parseSize('size', '160X80')).toEqual({ w: 160, h: 80 });
    expect(() => parseSize('size', '160')).toThrow(/expected WxH/);
    expect(() => parseSize('size', '200000x10')).toThrow(/out of range/);
  });

  it('parses whole numbers, ranges, booleans, ports and flows', () => {
    expect(parsePositiveInt('count', '3', 10)).toBe(3);
    expect(() => parsePositiveInt('count', '2.5', 10)).toThrow();
    expect(() => parsePositiveInt('count', '11', 10)).toThrow(/from 1 to 10/);
    expect(parseNumberInRange('opacity', '40%', 0, 100, 'opacity:50')).toBe(40);
    expect(parseBoolean('x', 'YES')).toBe(true);
    expect(parsePort('exit', 'Bottom@0')).toEqual({ face: 'bottom', at: 0 });
    expect(() => parsePort('exit', 'bottom@-0.1')).toThrow(/fraction from 0 to 1/);
    expect(parseFlow('flow', 'lr')).toBe('LR');
    expect(oneOf('dir', 'LEFT', ['left', 'right'])).toBe('left');
  });

  it('parses colours, themes and types, listing the valid ones on a miss', () => {
    expect(parseColor(view, 'fill', '#ABC', 'fill')).toBe('#aabbcc');
    expect(parseColor(view, 'fill', 'none', 'fill')).toBe('none');
    expect(parseColor(view, 'stroke', 'green', 'stroke')).toBe('#82b366');
    expect(() => parseColor(view, 'fill', '#abcd', 'fill')).toThrow(/a colour is/);
    expect(parseTheme(view, 'Purple')).toBe('purple');
    expect(() => parseTheme(view, 'pruple')).toThrow('bad theme "pruple". Did you mean "purple"?');
    expect(parseType(view, 'DB')).toEqual({ name: 'db', base: 'db', w: 120, h: 80 });
  });
});
