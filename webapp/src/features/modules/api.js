/** The module calls (spec §7 Module, Meta): a module with its children, a list of children, and the links it offers. */
import api, { getItem, getList } from '../../lib/apiClient.js';
import { callLink } from '../../lib/links.js';

/** GET /api/module/view/{id}: the module with its children, memberships, custom fields and links. */
export const viewModule = (moduleId) => getItem(`/api/module/view/${moduleId}`);

/** GET /api/module/list/{id}: the children of a module, as compact rows. */
export const listChildren = (moduleId) => getList(`/api/module/list/${moduleId}`);

/** GET /api/meta/platforms: the platform roots. */
export const listPlatforms = () => getList('/api/meta/platforms');

/** Follow the module's delete link. */
export const deleteModule = (module) => callLink(module.links.delete);

/** Follow a lock or unlock link: the module as it is now. */
export const setModuleLock = (link) => callLink(link).then((res) => res.data && res.data.item);

/** Follow the module's watch or unwatch link: {watching, count, inherited, links}. */
export const followWatchLink = (link) => callLink(link).then((res) => res.data.item);

/** Follow a child's templated reindex link: the child goes after `previousId` (0: first). */
export const reindexChild = (link, previousId) => callLink(link, undefined, { previous_id: previousId });

/** POST the module's save_logo link with the image. */
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

/** Follow the module's tree link: its subtree as rows with roll-ups ({rows, truncated}); `type`: that type only. */
export const loadSubtree = (url, type) => getItem(url, type ? { params: { type } } : undefined);
