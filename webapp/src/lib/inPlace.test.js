import { afterEach, describe, expect, test, vi } from 'vitest';

vi.mock('./apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from './apiClient.js';
// eslint-disable-next-line import/first
import { optionsOf, saveField } from './inPlace.js';

const FORM = {
  method: 'PUT',
  action: '/api/deliverable/edit/5/9',
  elements: [
    { name: 'status', type: 'select', options: [{ value: 'NOT_STARTED', label: 'Not Started', selected: true }, { value: 'BLOCKED', label: 'Blocked' }] },
    { name: 'deadline', type: 'date', value: '2027-06-30' },
    { name: 'ownerId', type: 'select', options: [{ value: '', label: '' }, { value: 3, label: 'Sofia' }] },
    { name: '_version', type: 'hidden', value: '7' },
  ],
};

afterEach(() => { api.get.mockReset(); api.post.mockReset(); });

describe('saveField: one value through the server form', () => {
  test('sends every value as the form has it, the one changed, and the version the page showed', async () => {
    api.get.mockResolvedValue({ data: FORM });
    api.post.mockResolvedValue({ data: { item: { id: 9 } } });
    expect(await saveField('/f', 'status', 'BLOCKED', 6)).toEqual({ item: { id: 9 } });
    const [action, sent] = api.post.mock.calls[0];
    expect(action).toBe(FORM.action);
    expect(sent.get('status')).toBe('BLOCKED');
    expect(sent.get('deadline')).toBe('2027-06-30');
    expect(sent.get('_version')).toBe('6');
  });

  test("a 422 on the field comes back as that field's message, with the status", async () => {
    api.get.mockResolvedValue({ data: FORM });
    api.post.mockRejectedValue({ response: { status: 422, data: { error: 'The form has errors', errors: { deadline: ['Too early'] } } } });
    await expect(saveField('/f', 'deadline', '2020-01-01')).rejects.toMatchObject({ message: 'Too early', status: 422 });
  });

  test('a refused form (locked) says why, before anything is sent', async () => {
    api.get.mockRejectedValue({ response: { status: 423, data: { error: 'Module is locked' } } });
    await expect(saveField('/f', 'status', 'BLOCKED')).rejects.toMatchObject({ message: 'Module is locked', status: 423 });
    expect(api.post).not.toHaveBeenCalled();
  });

  test('optionsOf reads one select\'s options', async () => {
    api.get.mockResolvedValue({ data: FORM });
    expect((await optionsOf('/f', 'ownerId')).map((o) => o.label)).toEqual(['', 'Sofia']);
  });
});
