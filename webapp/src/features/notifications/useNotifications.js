import { useCallback } from 'react';
import useFetch from '../../hooks/useFetch.js';
import useLive from '../../hooks/useLive.js';
import { listNotifications, markAllRead, markRead, userTicket } from './api.js';
import { BELL_SIZE } from './notify.js';

const firstPage = () => listNotifications({ page: 1, perPage: BELL_SIZE });

/**
 * The bell's notifications: the first page (unread first) and the unread count, read again whenever the user's
 * live channel says something new arrived (and when the stream opens). -> {list, unread, live, open(n), readAll()}
 */
export default function useNotifications() {
  const { data, reload } = useFetch(firstPage, []);
  const live = useLive('user', userTicket, () => reload());
  const open = useCallback((n) => { if (!n.read) markRead(n).then(reload).catch(() => {}); }, [reload]);
  const readAll = useCallback(() => markAllRead().then(reload), [reload]);
  return {
    list: (data && data.list) || [], unread: (data && data.meta && data.meta.unread) || 0, live, open, readAll,
  };
}
