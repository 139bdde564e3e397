import api from '../../lib/apiClient.js';

/** Run a link: its operation (GET/DELETE/PATCH/POST) on its url. */
export function callLink(link, data) {
  const op = String(link.operation || 'GET').toLowerCase();
  if (op === 'delete') return api.delete(link.url);
  if (op === 'patch') return api.patch(link.url, data);
  if (op === 'post') return api.post(link.url, data);
  return api.get(link.url);
}

export function deleteModule(module) {
  return callLink(module.links.delete);
}

export function saveLogo(link, file) {
  const fd = new FormData();
  fd.append('logo', file);
  return api.post(link.url, fd).then((r) => r.data.item);
}

/** The add_<shorttype> link names of a module, with the child type they create. */
export function addLinks(module) {
  const links = module.links || {};
  return (module.childTypes || [])
    .map((ct) => ({ ct, name: `add_${ct.type.replace(/^[^_]*_/, '')}`, link: links[`add_${ct.type.replace(/^[^_]*_/, '')}`] }))
    .filter((x) => x.link);
}
