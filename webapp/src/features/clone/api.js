/** The calls of cloning and templates (spec §7 Clone and Templates), and the urls of their server forms. */
import api from '../../lib/apiClient.js';
import { dependencyFields, parseDependencyForms } from './clone.js';

/** The clone form of a module (DynamicForm's url): as it is, or from a template. */
export const cloneFormUrl = (moduleId, templateId) => (
  templateId ? `/api/clone/module/${moduleId}?template=${templateId}` : `/api/clone/module/${moduleId}`);
export const templatesUrl = (moduleId, subtree = false) => (
  `/api/clone-config/list/${moduleId}${subtree ? '?scope=subtree' : ''}`);
/** The add-template form of a module (DynamicForm's url). */
export const addTemplateUrl = (moduleId) => `/api/clone-config/add/${moduleId}`;

/** The templates of a module (with `subtree`: of it and of everything below it). */
export const listTemplates = (moduleId, subtree = false) => api.get(templatesUrl(moduleId, subtree)).then((r) => r.data.list || []);

/** Include (or leave out) a dependency: its form posted with include flipped. */
export function postDependency(form, include) {
  const fd = new FormData();
  Object.entries(dependencyFields(form, include)).forEach(([k, v]) => fd.append(k, v));
  return api.post(form.action, fd).then((r) => r.data.item);
}

/** The dependency forms of a template (its manage link). */
export const fetchDependencyForms = (url) => api.get(url).then((r) => parseDependencyForms(r.data));
/** Delete a template through its delete link. */
export const deleteTemplate = (template) => api.delete(template.links.delete.url);


/** The templates an add dialog offers to start from (the add link's url, then /templates), each with its add link
 *  (the add form filled from it) and, for whoever may edit its model, its manage link. */
export const startTemplatesUrl = (addLink) => `${addLink.url.split('?')[0]}/templates`;
export const listStartTemplates = (addLink) => api.get(startTemplatesUrl(addLink)).then((r) => r.data.list || []);
