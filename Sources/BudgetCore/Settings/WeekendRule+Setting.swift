/// `period.weekend` holds a `WeekendRule` by its raw value: `keep`, `before` or `after`.
extension WeekendRule: EnumSettingValue {}
