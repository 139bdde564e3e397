import { useState } from 'react';
import { Link } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { formatDate } from '../../lib/dates.js';
import { statusStyle } from '../../lib/format.js';
import { barSpan, daysIn, defaultWindow, parseDay, position, shift, startOfDay } from './window.js';

const MARKERS = [
  ['startDate', 'Start', '#1d6fd8'],
  ['commencedDate', 'Commenced', '#f28c28'],
  ['deadline', 'Deadline', '#28a745'],
  ['completionDate', 'Completion', '#8e44ad'],
];
const TODAY_COLOUR = '#e83e8c';
const WEEKDAY = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/** One row per module: a bar from start date to deadline coloured by status, markers, the owner avatar. */
export default function GanttChart({ modules, linkOf, today = new Date() }) {
  const [win, setWin] = useState(() => defaultWindow(today));
  const n = daysIn(win);
  const days = Array.from({ length: n }, (_, i) => new Date(win.from.getTime() + i * 86400000));
  const todayPos = position(win, startOfDay(today));
  return (
    <div className="gantt" data-testid="gantt">
      <div className="gantt__tools">
        <button type="button" className="btn btn--small" onClick={() => setWin(shift(win, -7))}>‹ Week</button>
        <button type="button" className="btn btn--small" onClick={() => setWin(defaultWindow(today))}>Today</button>
        <button type="button" className="btn btn--small" onClick={() => setWin(shift(win, 7))}>Week ›</button>
        <span className="muted">{formatDate(win.from)} – {formatDate(win.to)}</span>
        <span className="gantt__legend">
          {MARKERS.map(([, label, colour]) => <span key={label}><i style={{ background: colour }} />{label}</span>)}
          <span><i style={{ background: TODAY_COLOUR }} />Today</span>
        </span>
      </div>
      <div className="gantt__grid">
        <div className="gantt__row gantt__row--head">
          <div className="gantt__label">Item</div>
          <div className="gantt__track">
            {days.map((d) => (
              <div key={d.getTime()} className={d.getDay() === 0 || d.getDay() === 6 ? 'gantt__day gantt__day--weekend' : 'gantt__day'}
                style={{ width: `${100 / n}%` }}>
                <span>{d.getDate()}</span><small>{WEEKDAY[d.getDay()]}</small>
              </div>
            ))}
          </div>
        </div>
        {modules.length === 0 && <div className="empty">Nothing to plan yet</div>}
        {modules.map((m) => {
          const d = m.deliverable || {};
          const span = barSpan(win, parseDay(d.startDate), parseDay(d.deadline));
          const st = statusStyle(d.status);
          return (
            <div key={m.id} className="gantt__row" data-testid="gantt-row">
              <div className="gantt__label">
                {d.ownerName ? <Avatar name={d.ownerName} src={d.ownerAvatar || null} size={24} /> : <span className="gantt__noowner" />}
                {linkOf ? <Link to={linkOf(m)}>{m.name}</Link> : m.name}
              </div>
              <div className="gantt__track">
                {days.map((x) => (
                  <div key={x.getTime()} className={x.getDay() === 0 || x.getDay() === 6 ? 'gantt__cell gantt__cell--weekend' : 'gantt__cell'}
                    style={{ width: `${100 / n}%` }} />
                ))}
                {span && (
                  <div className="gantt__bar" style={{ left: `${span.left}%`, width: `${span.width}%`, background: st.colour }}
                    title={`${m.name}: ${formatDate(d.startDate) || '?'} – ${formatDate(d.deadline) || '?'} (${st.label})`} />
                )}
                {MARKERS.map(([key, label, colour]) => {
                  const day = parseDay(d[key]);
                  if (!day) return null;
                  const p = position(win, day) + 50 / n;
                  if (p < 0 || p > 100) return null;
                  return <span key={key} className="gantt__marker" style={{ left: `${p}%`, background: colour }} title={`${label}: ${formatDate(day)}`} />;
                })}
              </div>
            </div>
          );
        })}
        {todayPos >= 0 && todayPos <= 100 && (
          <div className="gantt__today" style={{ left: `calc(220px + (100% - 220px) * ${(todayPos + 50 / n) / 100})`, background: TODAY_COLOUR }}
            title="Today" />
        )}
      </div>
    </div>
  );
}
