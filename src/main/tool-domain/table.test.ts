/** Which resource a URI names: fixed URIs, path templates, and form-style queries with any subset of names in any order. */
import { describe, expect, it } from 'vitest';
import type { ResourceSpec } from './domain';
import { matchResource } from './table';

const resource = (name: string, uri: string): ResourceSpec => ({ name, title: name, description: name, uri, read: () => name });
const resources = [
  resource('all', 'toki://todos'),
  resource('query', 'toki://query{?project,priority,done,tag}'),
  resource('of-project', 'toki://projects/{project_id}/todos{?cursor}'),
  resource('one', 'toki://todo/{id}'),
];
const match = (uri: string) => {
  const found = matchResource(resources, uri);
  return found && { name: found.resource.name, params: found.params };
};

describe('matchResource', () => {
  it('matches fixed URIs and path templates', () => {
    expect(match('toki://todos')).toEqual({ name: 'all', params: {} });
    expect(match('toki://todo/abc123')).toEqual({ name: 'one', params: { id: 'abc123' } });
    // Variables come decoded, as expansion encoded them.
    expect(match('toki://projects/web%20app/todos')).toEqual({ name: 'of-project', params: { project_id: 'web app' } });
    expect(match('toki://todo/%E0%A4%A')).toBeUndefined();
    expect(match('toki://elsewhere')).toBeUndefined();
  });

  it('takes any subset of a query\'s names, in any order, values decoded', () => {
    expect(match('toki://query')).toEqual({ name: 'query', params: {} });
    expect(match('toki://query?tag=bug')).toEqual({ name: 'query', params: { tag: 'bug' } });
    expect(match('toki://query?priority=high&project=api')).toEqual({ name: 'query', params: { priority: 'high', project: 'api' } });
    expect(match('toki://query?tag=needs%20review&done=false&project=x&priority=low')).toEqual({
      name: 'query',
      params: { tag: 'needs review', done: 'false', project: 'x', priority: 'low' },
    });
    // A name given twice is a list, as a list variable would be.
    expect(match('toki://query?tag=a&tag=b')).toEqual({ name: 'query', params: { tag: 'a,b' } });
    expect(match('toki://query?tag=')).toEqual({ name: 'query', params: { tag: '' } });
  });

  it('matches the part before the query as a template, and refuses names it does not have or bad escapes', () => {
    expect(match('toki://projects/p1/todos')).toEqual({ name: 'of-project', params: { project_id: 'p1' } });
    expect(match('toki://projects/p1/todos?cursor=xyz')).toEqual({ name: 'of-project', params: { project_id: 'p1', cursor: 'xyz' } });
    expect(match('toki://query?prio=high')).toBeUndefined();
    expect(match('toki://query?tag=%E0%A4%A')).toBeUndefined();
    expect(match('toki://queryx?tag=a')).toBeUndefined();
    expect(match('toki://projects/p1/todos?tag=a')).toBeUndefined();
  });
});
