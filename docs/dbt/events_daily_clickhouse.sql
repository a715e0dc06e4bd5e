-- events_daily_clickhouse.sql: a dbt model (dbt-clickhouse) of lasso's event definitions counted per UTC day: rows of
-- (definition_key, day, count), day as the text YYYY-MM-DDTHH:MM:SSZ; a new definition adds rows, not columns.
--
-- How to use it (docs/event-records.md, "The long shape"):
-- 1. Load the records into a table with lasso's own statements, and declare it as the source lasso.events in
--    your project's sources .yml (sources: [{name: lasso, tables: [{name: events}]}]):
--      lasso event export --ddl --load PATH --format clickhouse --table <schema>.events
-- 2. Copy this file into your project's models/ folder as events_daily.sql and put your definitions' query
--    in place of the one below (which counts the sample definition home_hot_entrance_click): keep the lines
--    down to config(...), delete the rest, then append the query with the source in place of the table:
--      lasso event export --format clickhouse --shape long --bucket day --table lasso_source_events \
--        | sed "s/lasso_source_events/{{ source('lasso', 'events') }}/" >> models/events_daily.sql
--    Write it again whenever the definitions change: the query holds them.
-- 3. dbt run --select events_daily

{{ config(materialized='table') }}

WITH records AS (
  SELECT event, app_key, view_path, properties, time,
    CASE WHEN match(replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''), '^[0-9]{1,9}(\\.[0-9]{1,9}){0,7}(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+.*)?$') THEN concat(leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[1], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[2], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[3], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[4], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[5], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[6], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[7], 9, '0'), leftPad(splitByChar('.', splitByChar('-', splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1])[1])[8], 9, '0'), if(position(splitByChar('+', replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', ''))[1], '-') > 0, '0', '1')) END AS version_key
  FROM {{ source('lasso', 'events') }}
  WHERE event IN ('ButtonClick') AND app_key IN ('shop-ios')
)
SELECT * FROM (
SELECT 'home_hot_entrance_click' AS definition_key, formatDateTime(toStartOfDay(time, 'UTC'), '%Y-%m-%dT%H:%i:%SZ', 'UTC') AS "day", count(*) AS "count"
FROM records
WHERE time IS NOT NULL AND event = 'ButtonClick' AND app_key = 'shop-ios' AND ((version_key >= '0000000050000000030000000000000000000000000000000000000000000000000000001' AND version_key < '0000000050000000060000000000000000000000000000000000000000000000000000001')) AND match(view_path, '^HomeViewController\\[0\\]/UIView\\[0\\]/EntranceBar\\[0\\]/EntranceButton\\[[0-9]+\\]$') AND (mapContains(properties, 'entranceTitle') AND properties['entranceTitle'] = '热门推荐')
GROUP BY formatDateTime(toStartOfDay(time, 'UTC'), '%Y-%m-%dT%H:%i:%SZ', 'UTC')
) AS counts
ORDER BY definition_key, "day"
